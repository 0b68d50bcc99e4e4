import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton } from '@mui/material';
import { isValidElement, useEffect, useRef, type ReactNode } from 'react';
import { useTranslate, type NotificationPayload } from 'react-admin';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_WIDTH_PX } from './notificationConstants';

export interface ShownNotification {
  key: number;
  payload: NotificationPayload;
}

/** How long this notification stays: its own autoHideDuration (null: until closed), else 4.5 s. */
function durationOf(payload: NotificationPayload): number | null {
  const own = payload.notificationOptions?.autoHideDuration;
  return own === undefined ? NOTIFICATION_DURATION_MS : own;
}

export function NotificationCard({
  notification,
  onClose,
  onUndo,
}: {
  notification: ShownNotification;
  onClose: () => void;
  onUndo: () => void;
}) {
  const translate = useTranslate();
  const { message, type, notificationOptions } = notification.payload;
  const duration = durationOf(notification.payload);
  // The timer starts once per notification, whatever the parent re-renders.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (duration === null) return;
    const timer = window.setTimeout(() => closeRef.current(), duration);
    return () => window.clearTimeout(timer);
  }, [duration]);

  const text: ReactNode =
    typeof message === 'string'
      ? translate(message, { _: message, ...notificationOptions?.messageArgs })
      : isValidElement(message)
        ? message
        : null;

  return (
    <Alert
      severity={type}
      variant="filled"
      role={type === 'error' ? 'alert' : 'status'}
      sx={{ width: NOTIFICATION_WIDTH_PX, maxWidth: 'calc(100vw - 48px)', boxShadow: 6 }}
      action={
        <>
          {notificationOptions?.undoable && (
            <Button color="inherit" size="small" onClick={onUndo}>
              {translate('ra.action.undo')}
            </Button>
          )}
          <IconButton
            color="inherit"
            size="small"
            aria-label={translate('ra.action.close')}
            onClick={onClose}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {text}
    </Alert>
  );
}
