// What an API token may do (server: sessions.scope); the names are i18n keys.
export const SCOPE_CHOICES = [
  { id: 'read', name: 'platform.tokens.scopes.read' },
  { id: 'read-write', name: 'platform.tokens.scopes.read-write' },
];
