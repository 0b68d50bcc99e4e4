import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, useNotify } from 'react-admin';
import { AppNotification } from '../../../../../src/app/layout/notifications/AppNotification';
import {
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_EDGE_OFFSET_PX,
  NOTIFICATION_PLACEMENT,
  NOTIFICATION_STACK_LAYERS,
  NOTIFICATION_STACK_THRESHOLD_OFFSET_PX,
  NOTIFICATION_WIDTH_PX,
} from '../../../../../src/app/layout/notifications/notificationConstants';
import { i18nProvider } from '../../../../../src/ui/i18n/i18nProvider';

afterEach(() => vi.useRealTimers());

let counter = 0;
function Sender() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify(`Message ${++counter}`, { type: 'info' })}>send</button>
      <button onClick={() => notify('app.auth.invalidCredentials', { type: 'error' })}>
        send key
      </button>
    </>
  );
}

function renderNotifications() {
  counter = 0;
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <Sender />
      <AppNotification />
    </AdminContext>,
  );
}

describe('notification constants (spec §9)', () => {
  it('are 4.5 s, 24 px, top right, 3 layers, 8 px offset, 384 px wide', () => {
    expect(NOTIFICATION_DURATION_MS).toBe(4500);
    expect(NOTIFICATION_EDGE_OFFSET_PX).toBe(24);
    expect(NOTIFICATION_PLACEMENT).toEqual({ vertical: 'top', horizontal: 'right' });
    expect(NOTIFICATION_STACK_LAYERS).toBe(3);
    expect(NOTIFICATION_STACK_THRESHOLD_OFFSET_PX).toBe(8);
    expect(NOTIFICATION_WIDTH_PX).toBe(384);
  });
});

describe('AppNotification', () => {
  it('shows useNotify messages, translated, top right 24 px from the edge, 384 px wide', () => {
    renderNotifications();
    act(() => fireEvent.click(screen.getByText('send key')));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password');
    const stack = screen.getByTestId('notification-stack');
    const style = getComputedStyle(stack);
    expect(style.position).toBe('fixed');
    expect(style.top).toBe('24px');
    expect(style.right).toBe('24px');
    expect(style.width).toBe('384px');
  });

  it('stacks at most 3 layers, each offset by 8 px', () => {
    renderNotifications();
    for (let i = 0; i < 5; i++) act(() => fireEvent.click(screen.getByText('send')));
    const layers = screen.getByTestId('notification-stack').querySelectorAll('[data-layer]');
    expect(layers).toHaveLength(3);
    expect(layers[0]).toHaveTextContent('Message 5');
    expect(getComputedStyle(layers[1] as HTMLElement).transform).toContain('translateY(8px)');
    expect(getComputedStyle(layers[2] as HTMLElement).transform).toContain('translateY(16px)');
  });

  it('closes a notification after 4.5 seconds', () => {
    vi.useFakeTimers();
    renderNotifications();
    act(() => fireEvent.click(screen.getByText('send')));
    expect(screen.getByText('Message 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4499));
    expect(screen.getByText('Message 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
  });

  it('closes on the close button', () => {
    renderNotifications();
    act(() => fireEvent.click(screen.getByText('send')));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
  });
});
