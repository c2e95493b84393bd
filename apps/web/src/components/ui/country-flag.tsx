/** A flag emoji, hidden from assistive technology (the country name is written next to it). */
export function CountryFlag({ emoji }: { emoji: string }) {
  return (
    <span aria-hidden="true" className="font-normal">
      {emoji}
    </span>
  );
}
