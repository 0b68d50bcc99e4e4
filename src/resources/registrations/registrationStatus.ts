export const REGISTRATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export const statusChoices = REGISTRATION_STATUSES.map((status) => ({
  id: status,
  name: `platform.registrations.status.${status}`,
}));
