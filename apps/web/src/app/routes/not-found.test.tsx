import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NotFoundPage } from './not-found';

describe('NotFoundPage', () => {
  it('says the page is unknown and offers the way home', () => {
    renderWithProviders(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page is unknown or does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Practitioner Portal');
  });
});
