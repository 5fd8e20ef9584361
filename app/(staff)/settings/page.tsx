import { SettingsPage, settingsMetadata } from './settings-page';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = ({ searchParams }: Props) => settingsMetadata(searchParams);

export default function Page({ searchParams }: Props) {
  return <SettingsPage searchParams={searchParams} basePath="/settings" />;
}
