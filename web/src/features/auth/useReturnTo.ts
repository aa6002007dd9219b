import { useSearchParams } from 'react-router-dom';
import { safeReturnTo } from '../../app/guards.ts';

export function useReturnTo(): string {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('return_to'));
}

export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === '/start' ? path : `${path}?return_to=${encodeURIComponent(returnTo)}`;
}
