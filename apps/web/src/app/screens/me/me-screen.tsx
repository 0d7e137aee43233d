import { TabsLayout } from '../tabs-layout';

export default function MeScreen() {
  return (
    <TabsLayout
      title="Me"
      description="Your profile, applications and records."
      tabs={[
        { to: '/me/profile', label: 'Profile' },
        { to: '/me/application', label: 'Application' },
        { to: '/me/records', label: 'Records' },
      ]}
    />
  );
}
