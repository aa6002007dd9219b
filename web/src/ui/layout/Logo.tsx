import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function Logo() {
  return (
    <Link to="/start" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={900} size="xl" c="coral.7" style={{ letterSpacing: '-0.02em' }}>
          Stickerbook
        </Text>
      </Group>
    </Link>
  );
}
