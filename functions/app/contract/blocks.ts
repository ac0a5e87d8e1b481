/** The documented shapes of the block list. */
import * as z from 'zod';
import { Instant } from './common.js';

export const Block = z
  .object({
    playerId: z.string().describe('The blocked player.'),
    name: z.string().describe('Their name when blocked.'),
    blockedAt: Instant,
  })
  .meta({ id: 'Block', examples: [{ playerId: 'p_7Kq2vLx9', name: 'Ben', blockedAt: '2025-03-02T18:04:11.000Z' }] });

export const BlockList = z.object({ blocks: z.array(Block).describe('Everyone you block, by player id.') }).meta({ id: 'BlockList' });
