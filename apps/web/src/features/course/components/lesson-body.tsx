import { Blockquote, List, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';

export type LessonBlock =
  { type: 'heading'; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] } | { type: 'note'; text: string };

/**
 * Reads a lesson's text (## heading, - list item, > note, **bold**, blank lines between
 * paragraphs) into blocks. It never produces HTML: the blocks are rendered as React elements, so
 * whatever the text holds is shown as text.
 */
export function parseLessonBody(body: string): LessonBlock[] {
  const blocks: LessonBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  let note: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', items: list });
    if (note) blocks.push({ type: 'note', text: note.join(' ') });
    paragraph = [];
    list = null;
    note = null;
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ type: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      if (!list) flush();
      (list ??= []).push(line.slice(2).trim());
    } else if (line.startsWith('> ')) {
      if (!note) flush();
      (note ??= []).push(line.slice(2).trim());
    } else {
      if (list || note) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** `**bold**` spans as <strong>, the rest as text. */
export function renderInline(text: string): ReactNode {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>));
}

export function LessonBody({ body }: { body: string }) {
  return (
    <Stack gap="sm" maw={760}>
      {parseLessonBody(body).map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <Title key={i} order={3} size="h4" mt="sm">
                {renderInline(block.text)}
              </Title>
            );
          case 'list':
            return (
              <List key={i} spacing={4}>
                {block.items.map((item, j) => (
                  <List.Item key={j}>{renderInline(item)}</List.Item>
                ))}
              </List>
            );
          case 'note':
            return (
              <Blockquote key={i} color="blue" icon={<IconBulb size={20} aria-hidden="true" />} p="md" iconSize={32}>
                {renderInline(block.text)}
              </Blockquote>
            );
          default:
            return <Text key={i}>{renderInline(block.text)}</Text>;
        }
      })}
    </Stack>
  );
}
