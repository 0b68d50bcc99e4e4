import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import EmbedDashboardPage from '../../../../src/pages/embed/EmbedDashboardPage';
import { renderPublicPage } from '../../support/platformRender';

// A bad embed token in someone else's product: the frame says what is wrong, in place, and
// offers no way to this app's home page.

describe('an embed page with a token that is not valid', () => {
  it('says so in the frame, without a link home or leaving the page', async () => {
    renderPublicPage(
      '/embed/dashboards/*',
      '/embed/dashboards/not-a-token',
      <EmbedDashboardPage />,
    );
    expect(
      await screen.findByText(/This content cannot be shown: its embed token is not valid/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/home page/i)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/embed/dashboards/not-a-token');
  });
});
