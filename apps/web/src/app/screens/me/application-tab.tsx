import ApplicationsPanel from '@/features/applications/components/application-list';

/** Me > Application: the client's applications and the panels its flags allow (issue 14). */
export default function MeApplicationTab() {
  return <ApplicationsPanel />;
}
