export { JobsTab } from './JobsTab.tsx';
export { JobsPanel } from './JobsPanel.tsx';
