/** Mantine's menu with its popover and floating-ui, loaded when a deferred menu is first used (DeferredMenu.tsx). */
export { Menu } from '@mantine/core';
