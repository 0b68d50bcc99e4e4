const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;

export const statusChoices = REGISTRATION_STATUSES.map((status) => ({
  id: status,
  name: `platform.registrations.status.${status}`,
}));
