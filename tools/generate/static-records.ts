/**
 * Small fixed files of the snapshot: manifest, users, image formats and synonyms. Synonyms only use
 * words that occur in generated names and keywords (Mähwerk, Zettwender, Rundballenpresse...).
 */
import { GENERATED_AT, timestamp } from './time';

export function manifest(): Record<string, unknown> {
  return {
    format: 'catalog-snapshot',
    version: 1,
    generated_at: timestamp(GENERATED_AT),
    default_language: 'de',
  };
}

export const USERS = [
  {
    id: 1,
    name: 'Petra Schuster',
    email: 'petra.schuster@example.com',
    email_verified_at: '2025-02-03T09:15:00+01:00',
    permissions: ['viewApiDocs'],
    created_at: '2025-02-01T08:00:00+01:00',
    updated_at: '2026-05-12T10:00:00+02:00',
  },
  {
    id: 2,
    name: 'CMS-Integration Website',
    email: 'cms-integration@example.com',
    email_verified_at: null,
    permissions: [],
    created_at: '2025-03-10T14:00:00+01:00',
    updated_at: '2025-03-10T14:00:00+01:00',
  },
  {
    id: 3,
    name: 'Händlerportal Sync',
    email: 'haendlerportal@example.com',
    email_verified_at: '2026-01-19T11:02:00+01:00',
    created_at: '2026-01-19T11:00:00+01:00',
    updated_at: null,
  },
];

export const IMAGE_FORMATS = [
  {
    key: 'thumb',
    label: 'Vorschaubild',
    width: 300,
    height: 300,
    fit: 'crop',
    quality: null,
    position: 1,
    is_active: true,
  },
  {
    key: 'mini',
    label: 'Mini',
    width: 120,
    height: 120,
    fit: 'crop',
    quality: null,
    position: 2,
    is_active: true,
  },
  {
    key: 'tile',
    label: 'Kachel',
    width: 480,
    height: 480,
    fit: 'crop',
    quality: null,
    position: 3,
    is_active: true,
  },
  {
    key: 'preview',
    label: 'Vorschau',
    width: 800,
    height: 800,
    fit: 'max',
    quality: null,
    position: 4,
    is_active: true,
  },
  {
    key: 'hero',
    label: 'Hero',
    width: 1920,
    height: 1080,
    fit: 'max',
    quality: null,
    position: 5,
    is_active: true,
  },
  {
    key: 'katalog',
    label: 'Katalogseite',
    width: 1200,
    height: 900,
    fit: 'contain',
    quality: 90,
    position: 6,
    is_active: true,
  },
  {
    key: 'social',
    label: 'Social Media',
    width: 1200,
    height: 630,
    fit: 'crop',
    quality: 80,
    position: 7,
    is_active: false,
  },
];

export const SYNONYMS: readonly Record<string, unknown>[] = [
  { terms: ['Mähwerk', 'Mäher', 'Mähmaschine'] },
  { terms: ['Scheibenmähwerk', 'Scheibenmäher', 'Rotationsmähwerk'] },
  { terms: ['Rundballenpresse', 'Rundballer', 'Rollballenpresse'] },
  { terms: ['Quaderballenpresse', 'Großpackenpresse', 'Quaderpresse'] },
  { terms: ['Frontlader', 'Traktorfrontlader', 'Schlepperfrontlader'] },
  { terms: ['Ballenwickler', 'Wickelmaschine', 'Wickler'] },
  { terms: ['Mähklinge', 'Mähmesser', 'Klinge'] },
  { terms: ['disc mower', 'disc mowers'] },
  { terms: ['faneuse', 'faneuse rotative'] },
  { input: 'Kreiselheuer', synonyms: ['Zettwender', 'Kreiselzettwender'] },
  { input: 'Heuer', synonyms: ['Zettwender'] },
  { input: 'Schwadkreisel', synonyms: ['Kreiselschwader'] },
  { input: 'Ballengreifer', synonyms: ['Ballenzange'] },
  { input: 'Silierwagen', synonyms: ['Ladewagen'] },
];
