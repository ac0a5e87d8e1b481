/** A failure the user must see, announced to screen readers; nothing when there is none. */
export function Alert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" class="error">
      {message}
    </p>
  ) : null;
}
