import { Box } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTakeUndoableMutation,
} from 'react-admin';
import { NotificationCard, type ShownNotification } from './NotificationCard';
import {
  NOTIFICATION_EDGE_OFFSET_PX,
  NOTIFICATION_STACK_LAYERS,
  NOTIFICATION_STACK_THRESHOLD_OFFSET_PX,
  NOTIFICATION_WIDTH_PX,
} from './notificationConstants';

// The app's notification area for <Admin notification={AppNotification}>: every message sent
// through react-admin's useNotify shows here, top right, as a stack of up to three layers.
// Hovering the stack spreads it out so each message can be read and closed.

let nextKey = 1;

/** Position of the layer `depth` (0 = newest) in the collapsed or spread-out stack. */
function layerStyle(depth: number, spread: boolean) {
  if (spread) return { position: 'relative' as const, transform: 'none', opacity: 1 };
  return {
    position: depth === 0 ? ('relative' as const) : ('absolute' as const),
    top: 0,
    right: 0,
    transform: `translateY(${depth * NOTIFICATION_STACK_THRESHOLD_OFFSET_PX}px) scale(${1 - depth * 0.04})`,
    opacity: depth === 0 ? 1 : 0.85,
    zIndex: NOTIFICATION_STACK_LAYERS - depth,
  };
}

export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [shown, setShown] = useState<ShownNotification[]>([]);
  const [spread, setSpread] = useState(false);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // One per run: taking a notification updates the queue, which runs this again for the next.
  useEffect(() => {
    if (notifications.length === 0) return;
    const payload = takeNotification();
    if (payload) setShown((current) => [...current, { key: nextKey++, payload }]);
  }, [notifications, takeNotification]);

  const hasUndoable = shown.some((n) => n.payload.notificationOptions?.undoable);
  useEffect(() => {
    if (!hasUndoable) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUndoable]);

  /** Closing an undoable notification commits its mutation; Undo cancels it. */
  const close = useCallback(
    (key: number, isUndo = false) => {
      const closing = shownRef.current.find((n) => n.key === key);
      if (!closing) return;
      if (closing.payload.notificationOptions?.undoable) takeMutation()?.({ isUndo });
      setShown((current) => current.filter((n) => n.key !== key));
    },
    [takeMutation],
  );

  const closeNewest = useCallback(() => {
    const newest = shownRef.current[shownRef.current.length - 1];
    if (newest) close(newest.key);
  }, [close]);

  if (shown.length === 0) return null;
  const layers = shown.slice(-NOTIFICATION_STACK_LAYERS).reverse();

  return (
    <CloseNotificationContext.Provider value={closeNewest}>
      <Box
        data-testid="notification-stack"
        onMouseEnter={() => setSpread(true)}
        onMouseLeave={() => setSpread(false)}
        sx={{
          position: 'fixed',
          top: NOTIFICATION_EDGE_OFFSET_PX,
          right: NOTIFICATION_EDGE_OFFSET_PX,
          width: NOTIFICATION_WIDTH_PX,
          maxWidth: `calc(100vw - ${2 * NOTIFICATION_EDGE_OFFSET_PX}px)`,
          zIndex: (theme) => theme.zIndex.snackbar,
          display: 'flex',
          flexDirection: 'column',
          gap: `${NOTIFICATION_STACK_THRESHOLD_OFFSET_PX}px`,
        }}
      >
        {layers.map((notification, depth) => (
          <Box key={notification.key} data-layer={depth} sx={layerStyle(depth, spread)}>
            <NotificationCard
              notification={notification}
              onClose={() => close(notification.key)}
              onUndo={() => close(notification.key, true)}
            />
          </Box>
        ))}
      </Box>
    </CloseNotificationContext.Provider>
  );
}
