// /account: the account page with the social feature's public-profile and visibility
// cards, the protection feature's break and limits tools, and the data-export feature's download.
import { AccountPage } from "../../features/account/components/account-page";
import { DataExportCard } from "../../features/data-export/components/data-export-card";
import { PlayerProtectionTools } from "../../features/protection/components/player-protection-tools";
import { ProfileSettings, ProfileVisibility } from "../../features/social/components/profile-settings";

export function AccountRoute() {
  return (
    <AccountPage
      publicProfile={<ProfileSettings />}
      playerProtection={<PlayerProtectionTools />}
      profileVisibility={<ProfileVisibility />}
      dataExport={<DataExportCard />}
    />
  );
}
