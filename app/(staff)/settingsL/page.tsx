import { SettingsPage, settingsMetadata } from '../settings/settings-page';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = ({ searchParams }: Props) => settingsMetadata(searchParams);

/** The lucee campsites' settings: the same sections, links kept under /settingsL. */
export default function Page({ searchParams }: Props) {
  return <SettingsPage searchParams={searchParams} basePath="/settingsL" />;
}
