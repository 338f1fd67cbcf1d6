import { CockpitNav } from './CockpitNav';
import CockpitOverview from './Overview';

/** /portal/cockpit/overview: the cockpit list's bar and the big screen. */
export default function OverviewPage() {
  return (
    <>
      <CockpitNav />
      <CockpitOverview />
    </>
  );
}
