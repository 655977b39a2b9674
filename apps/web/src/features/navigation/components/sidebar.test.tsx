import type { PractitionerMe } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../store/session-store';
import { renderWithProviders } from '../../../test/render';
import { Sidebar, type SidebarProps } from './sidebar';

const user = { firstName: 'Ada', lastName: 'Lovelace', profileImage: null };
const practitioner = (over: Partial<PractitionerMe> = {}) => ({
  status: 2 as const,
  warehouseID: null,
  category: { id: 2, name: 'General Practitioner' },
  profileImage: null,
  ...over,
});

function renderSidebar(props: Partial<SidebarProps> = {}, path = '/summary') {
  return renderWithProviders(<Sidebar user={user} practitioner={practitioner()} onLogout={vi.fn()} {...props} />, { path });
}

const link = (name: string) => screen.getByRole('link', { name });

afterEach(() => {
  useSessionStore.getState().closeSession();
});

describe('Sidebar', () => {
  it('shows the profile: image fallback, full name and category', () => {
    renderSidebar();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('General Practitioner')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('lists the practice links under My practice and Journals under Other', () => {
    renderSidebar();
    expect(screen.getByRole('heading', { name: 'My practice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Other' })).toBeInTheDocument();
    const expected: Array<[string, string]> = [
      ['Summary', '/summary'],
      ['My sessions', '/sessions'],
      ['Course', '/course'],
      ['Kits', '/kits'],
      ['Warehousing', '/warehousing'],
      ['Discount codes', '/discount-codes'],
      ['Settings', '/settings'],
      ['Journals', '/journals'],
    ];
    for (const [name, href] of expected) expect(link(name)).toHaveAttribute('href', href);
    // The Other section comes after the practice links, in reading order.
    const names = screen.getAllByRole('link').map((a) => a.textContent);
    expect(names.indexOf('Journals')).toBeGreaterThan(names.indexOf('Settings'));
  });

  it('marks the current page', () => {
    renderSidebar({}, '/summary/transactions');
    expect(link('Summary')).toHaveAttribute('aria-current', 'page');
    expect(link('Course')).not.toHaveAttribute('aria-current');
  });

  it('hides Kits when the practitioner has a warehouse', () => {
    renderSidebar({ practitioner: practitioner({ warehouseID: '7d3c3b8e-4c1d-4b8e-9a51-0d6a8b1c2e3f' }) });
    expect(screen.queryByRole('link', { name: 'Kits' })).toBeNull();
    expect(screen.queryByText('Kits')).toBeNull();
    expect(link('Course')).toBeInTheDocument();
  });

  it('dims Summary, Warehousing and Discount codes for a practitioner awaiting review, as non-links', () => {
    renderSidebar({ practitioner: practitioner({ status: 1 }) }, '/course');
    for (const name of ['Summary', 'Warehousing', 'Discount codes']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
      const item = screen.getByText(name).closest('[aria-disabled="true"]') as HTMLElement;
      expect(item).not.toBeNull();
      expect(item).not.toHaveAttribute('href');
      expect(item.style.opacity).toBe('0.32');
      expect(within(item).getByText('(available once your practice is accepted)')).toBeInTheDocument();
    }
    for (const name of ['My sessions', 'Course', 'Settings', 'Journals']) expect(link(name)).toHaveAttribute('href');
  });

  it('dims the same items for a declined practitioner', () => {
    renderSidebar({ practitioner: practitioner({ status: 3 }) }, '/course');
    expect(screen.queryByRole('link', { name: 'Summary' })).toBeNull();
  });

  it('switches to the session links when the session flag is set', () => {
    useSessionStore.getState().openSession('abc');
    renderSidebar({}, '/sessions/abc/');
    expect(link('Back to sessions')).toHaveAttribute('href', '/sessions');
    expect(link('Overview')).toHaveAttribute('href', '/sessions/abc/');
    expect(link('Overview')).toHaveAttribute('aria-current', 'page');
    expect(link('Results')).toHaveAttribute('href', '/sessions/abc/results');
    expect(link('Reports')).toHaveAttribute('href', '/sessions/abc/reports');
    expect(link('Questionnaires')).toHaveAttribute('href', '/sessions/abc/questionnaires');
    expect(link('Ask AI')).toHaveAttribute('href', '/sessions/abc/ask-ai');
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(link('Journal')).toHaveAttribute('href', '/sessions/abc/notes');
    expect(screen.queryByRole('link', { name: 'Summary' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My practice' })).toBeNull();
  });

  it('has the footer: logout, contact, privacy policy PDF, terms, copyright 2022', async () => {
    const onLogout = vi.fn();
    renderSidebar({ onLogout });
    screen.getByRole('button', { name: 'Logout' }).click();
    expect(onLogout).toHaveBeenCalledTimes(1);
    const contact = link('Contact us (opens in a new tab)');
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact.getAttribute('rel')).toContain('noopener');
    expect(link('Privacy policy (opens in a new tab)')).toHaveAttribute('href', '/api/legal/privacy-policy.pdf');
    expect(link('Terms and conditions')).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByText(/© 2022/)).toBeInTheDocument();
  });
});
