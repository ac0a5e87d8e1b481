import type { ComponentChildren } from 'preact';

/** The tags the rules' messages mark their terms with: `<b>Farmer</b>` in bold, `<em>every</em>` stressed. */
export const RICH = {
  b: (parts: ComponentChildren) => <strong>{parts}</strong>,
  em: (parts: ComponentChildren) => <em>{parts}</em>,
};
