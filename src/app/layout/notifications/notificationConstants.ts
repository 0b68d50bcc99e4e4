// Notification defaults of spec §9, in one place.

/** How long a notification stays, in milliseconds (4.5 seconds). */
export const NOTIFICATION_DURATION_MS = 4500;
/** Distance from the top and right edges of the window, in pixels. */
export const NOTIFICATION_EDGE_OFFSET_PX = 24;
export const NOTIFICATION_PLACEMENT = { vertical: 'top', horizontal: 'right' } as const;
/** How many notifications show as layers of the stack. */
export const NOTIFICATION_STACK_LAYERS = 3;
/** Offset between stacked layers, in pixels. */
export const NOTIFICATION_STACK_THRESHOLD_OFFSET_PX = 8;
export const NOTIFICATION_WIDTH_PX = 384;
