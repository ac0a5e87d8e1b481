import type { Draft as KitDraft } from '../../engine/index.js';
import type { VvEvent } from './events.js';
import type { VvState } from './state.js';

/** A decision in progress (the kit's draft of this game). */
export type Draft = KitDraft<VvState, VvEvent>;
