import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LessonBody, parseLessonBody } from './lesson-body';

describe('parseLessonBody', () => {
  it('reads headings, paragraphs, lists and notes', () => {
    const body = 'First line\ncontinues here.\n\n## A heading\n- one\n- two **bold**\nAfter the list.\n\n> A note\n> goes on';
    expect(parseLessonBody(body)).toEqual([
      { type: 'paragraph', text: 'First line continues here.' },
      { type: 'heading', text: 'A heading' },
      { type: 'list', items: ['one', 'two **bold**'] },
      { type: 'paragraph', text: 'After the list.' },
      { type: 'note', text: 'A note goes on' },
    ]);
  });
});

describe('LessonBody', () => {
  it('renders bold as <strong> and never interprets HTML', () => {
    const { container } = renderWithProviders(<LessonBody body={'Some **bold** text <img src=x onerror="alert(1)"> <script>x</script>'} />);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('renders headings and list items as such', () => {
    renderWithProviders(<LessonBody body={'## Limits\n- Diagnose\n- Outweigh'} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Limits' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
