import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n.js';

/**
 * A secret shown to copy (the player's key, a webhook's signing secret), with
 * a button that copies it; with `focus`, the secret takes the focus when shown
 * (selected, in view, and read out).
 */
export function SecretBox({
  id,
  label,
  copy,
  value,
  testId,
  focus = false,
}: {
  id: string;
  label: string;
  /** The copy button's words ("Copy your key"). */
  copy: string;
  value: string;
  testId: string;
  focus?: boolean;
}) {
  const [said, setSaid] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus, value]);
  return (
    <p class="token">
      <label for={id}>{label}</label>
      <input id={id} ref={input} readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
      <button
        type="button"
        onClick={async () => {
          const copied = await navigator.clipboard?.writeText(value).then(
            () => true,
            () => false,
          );
          if (!copied) input.current?.select();
          setSaid(copied ? t('secret.copied') : t('secret.selected'));
        }}
      >
        {copy}
      </button>
      <span role="status">{said}</span>
    </p>
  );
}
