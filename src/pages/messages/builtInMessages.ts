// Messages the web app knows itself: /messages/<type>/<name> -> i18n key under
// platform.message.builtIn.<key> (with .title and .body).

const BUILT_IN: Record<string, string> = {
  'registration/received': 'registrationReceived',
  'share/expired': 'shareExpired',
  'share/revoked': 'shareRevoked',
  'share/invalid': 'shareInvalid',
  'account/created': 'accountCreated',
  'invitation/used': 'invitationUsed',
  'invitation/expired': 'invitationExpired',
  'invitation/unknown': 'invitationUnknown',
};

// Types whose page is the same whatever the id: /messages/registration-received/<id>.
const BUILT_IN_TYPES: Record<string, string> = {
  'registration-received': 'registrationReceived',
};

/** The i18n key prefix of a built-in message, or null when the server has to be asked. */
export function builtInMessageKey(type: string, id?: string): string | null {
  const key = BUILT_IN_TYPES[type] ?? BUILT_IN[id === undefined ? type : `${type}/${id}`];
  return key ? `platform.message.builtIn.${key}` : null;
}

/** Stored messages are addressed by type alone or by type and numeric id. */
export function isStoredMessageAddress(id?: string): boolean {
  return id === undefined || /^\d+$/.test(id);
}
