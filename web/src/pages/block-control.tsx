import { useEffect, useState } from 'preact/hooks';
import { session } from '../session.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { isolate, t } from '../i18n/i18n.js';

/** Block or unblock a player from their profile: a blocked pair is never seated together, whichever of the two blocked the other. */
export function BlockControl({ playerId, name }: { playerId: string; name: string }) {
  const current = session.use();
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    current?.client.api
      .GET('/v1/players/me/blocks')
      .then((answer) => setBlocked(dataOf(answer).blocks.some((b) => b.playerId === playerId)))
      .catch((failure) => setError(explain(failure)));
  }, [current, playerId]);
  if (blocked === null) return <Alert message={error} />;

  const change = async () => {
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
      if (blocked) okOf(await current.client.api.DELETE('/v1/players/me/blocks/{id}', { params: { path: { id: playerId } } }));
      else dataOf(await current.client.api.POST('/v1/players/me/blocks', { body: { playerId } }));
      setBlocked(!blocked);
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="panel narrow">
      <p role="status">{blocked ? t('block.blocked', { name: isolate(name) }) : t('block.offer', { name: isolate(name) })}</p>
      <button type="button" class={blocked ? 'secondary' : ''} disabled={busy} onClick={() => void change()}>
        {blocked ? t('block.unblock', { name: isolate(name) }) : t('block.block', { name: isolate(name) })}
      </button>
      <Alert message={error} />
    </div>
  );
}
