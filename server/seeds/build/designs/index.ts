import type { BlueprintSeed } from '../blueprint.ts';
import { birthdayParty } from './birthday.ts';
import { businessTeam } from './business.ts';
import { communityClub } from './community.ts';
import { schoolYearbook } from './school.ts';
import { sportsClub } from './sports.ts';
import { weddingClassic } from './wedding.ts';

/** One blueprint per category (SPEC §1). */
export function allBlueprints(): BlueprintSeed[] {
  return [businessTeam(), weddingClassic(), sportsClub(), birthdayParty(), schoolYearbook(), communityClub()];
}
