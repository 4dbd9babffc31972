import { settingsFirst } from "../../../components/first-screen";
import { IntegrationsSection } from "../../../components/integrations/integrations-section";
import { OrgsSection } from "../../../components/settings/orgs-section";
import { ProbesSection } from "../../../components/settings/probes-section";
import { ConfigDocumentSection } from "../../../components/settings/config-document-section";
import { ProfileSection } from "../../../components/settings/profile-section";
import { TwoFactorSection } from "../../../components/settings/two-factor-section";
import { Prefetch } from "../../../trpc/server";

export default function SettingsPage() {
  return (
    <section className="stack-lg">
      <h1>Settings</h1>
      <Prefetch first={settingsFirst}>
        <ProfileSection />
        <TwoFactorSection />
        <OrgsSection />
        <IntegrationsSection />
        <ProbesSection />
        <ConfigDocumentSection />
      </Prefetch>
    </section>
  );
}
