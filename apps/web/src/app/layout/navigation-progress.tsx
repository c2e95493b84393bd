import { useNavigation } from 'react-router';

/** A thin bar at the top of the page while the next route loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-soft"
    >
      <div className="h-full w-1/3 bg-brand motion-safe:animate-progress" />
    </div>
  );
}
