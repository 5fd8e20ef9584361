import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      {children}
    </Container>
  );
}
