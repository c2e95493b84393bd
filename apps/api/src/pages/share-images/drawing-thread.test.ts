import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawingThread, startWorker } from './drawing-thread.ts';
import type { ShareCardContent } from './share-card.ts';

const content: ShareCardContent = {
  name: 'Blue Commons Collective',
  place: 'Nairobi, Kenya',
  flagEmoji: '🇰🇪',
  categories: [{ emoji: '🌱', name: 'Climate Action', groupId: 'impact_areas' }],
  logo: null,
  banner: null,
  host: 'directory.example.org',
};

/** A thread that stops (exit code 3) as soon as it is asked for anything. */
const stoppingThread = () =>
  new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(3));", {
    eval: true,
  });

describe('the share cards drawing thread', () => {
  it('draws a card on its thread and hands the PNG back whole', async () => {
    const thread = drawingThread();
    const png = await thread.draw(content);
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
    });
  });

  it('fails the drawings of a thread that stops, and draws the next card on a new one', async () => {
    const starts: string[] = [];
    const thread = drawingThread(() => {
      starts.push(starts.length === 0 ? 'stopping' : 'real');
      return starts.length === 1 ? stoppingThread() : startWorker();
    });
    await expect(thread.draw(content)).rejects.toThrow('the drawing thread stopped (exit code 3)');
    const png = await thread.draw(content);
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(starts).toEqual(['stopping', 'real']);
  });
});
