import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container size={440} py={56}>
      <Stack gap={4} ta="center" mb="lg">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      <Paper withBorder shadow="sm" p="xl">
        {children}
      </Paper>
    </Container>
  );
}
