/** The warning alert of spec section 8, announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-warning" role="alert">
      {message}
    </div>
  );
}
