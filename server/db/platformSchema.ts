// Tables of the platform-content routes (registrations, pricing plans, info pages, messages,
// help sections). Owned by the platform routes; merged into `Database` in ./schema.ts.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlatformTables {}
