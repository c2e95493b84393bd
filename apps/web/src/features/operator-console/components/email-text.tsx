/**
 * An email address that wraps before its '@' (or, when a part is still too long, anywhere)
 * rather than letter by letter in a narrow column.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="[overflow-wrap:anywhere]">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
