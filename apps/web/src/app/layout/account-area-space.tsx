/** The space the header's account area takes, reserved while its code or the session loads. */
export function AccountAreaSpace() {
  return <div aria-hidden="true" className="ml-auto hidden h-10 w-48 md:block" />;
}
