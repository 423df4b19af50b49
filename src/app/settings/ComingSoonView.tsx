// /settings/coming-soon/:featureId (spec 000 §2): the placeholder page of a fake-door feature
// shown in the settings area; an id that names no such feature is the not-found page.
import { useParams } from 'wouter';
import { fakeDoor } from './fakeDoors.ts';
import { FakeDoor } from './FakeDoor.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';
import { NotFoundView } from '../views/NotFoundView.tsx';

export function ComingSoonView() {
  const { featureId = '' } = useParams<{ featureId: string }>();
  const feature = fakeDoor(featureId);
  if (!feature || !feature.locations.includes('settings')) return <NotFoundView />;
  return (
    <SettingsLayout title={feature.featureName} testId="coming-soon-page">
      <FakeDoor feature={feature} />
    </SettingsLayout>
  );
}
