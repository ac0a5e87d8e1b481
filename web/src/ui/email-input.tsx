/** An e-mail address field as the API takes one (254 characters at most), offered the browser's saved address. */
export function EmailInput({ id, value, onValue }: { readonly id: string; readonly value: string; readonly onValue: (value: string) => void }) {
  return <input id={id} type="email" required maxLength={254} autoComplete="email" value={value} onInput={(e) => onValue(e.currentTarget.value)} />;
}
