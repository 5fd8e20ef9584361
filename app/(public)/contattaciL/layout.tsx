import { GuestMantineLayout } from '@/components/providers/guest-mantine-layout';

export default GuestMantineLayout;
