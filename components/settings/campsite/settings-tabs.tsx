'use client';

import { NativeSelect, Tabs } from '@mantine/core';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';

export type SettingsTab = { value: string; label: string; panel: ReactNode };

/**
 * The tabs of one campsite; the open one lives in the address (&tab=orari) so a reload or a link keeps it.
 * From the sm breakpoint up the tabs wrap onto a second line rather than hide; on a phone, where ten
 * tabs would take five lines (or, in one scrolling line, show four with no sign of the rest), a select
 * lists them all and opens the one chosen.
 */
export function SettingsTabs({ tabs, label, selectLabel }: { tabs: SettingsTab[]; label: string; selectLabel: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get('tab');
  const current = tabs.some((tab) => tab.value === requested) ? requested : tabs[0]?.value;
  const open = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(searchParams.toString());
    next.set('tab', value);
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
  return (
    <Tabs value={current} onChange={open} keepMounted={false}>
      <NativeSelect
        hiddenFrom="sm"
        mb="xs"
        label={selectLabel}
        value={current ?? undefined}
        onChange={(event) => open(event.currentTarget.value)}
        data={tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
      />
      <Tabs.List aria-label={label} visibleFrom="sm">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
