/**
 * What a medium shows and is called: name, original file name, alt/title/caption, copyright, keywords,
 * its folder, and what kind of file it gets. Product media are named after their product; library-wide
 * media (logos, icons, brochures, trade-fair photos) after fixed subjects. Formats of photos are chosen
 * later in media.ts, because forced edge cases may override them.
 */
import type { Family } from './families';
import type { ProductIdentity } from './identity';
import type { Rng } from './random';
import type { MediaType } from '../../src/catalog/model';
import { CORE_CONTENT } from './data/core-media';
import { compact, slugify } from './text';

export type { MediaContent, Render } from './media-content-types';
import type { MediaContent } from './media-content-types';

const COPYRIGHT = [
  '© Hofmeister Landtechnik GmbH',
  '© Hofmeister Landtechnik GmbH',
  'Foto: M. Weber',
  'Agentur Feldblick',
  null,
] as const;
const LICENSE = [
  'Frei für Händler und Presse mit Quellenangabe',
  'Nur für Printmedien',
  'Intern erstellt',
  null,
  null,
] as const;
const VIEWS: readonly (readonly [string, string, string])[] = [
  ['Seitenansicht', 'seitenansicht', 'Seitenansicht'],
  ['im Einsatz', 'einsatz', 'Einsatz'],
  ['Freisteller', 'freisteller', 'freigestellt'],
  ['Detailaufnahme', 'detail', 'Detail'],
  ['Heckansicht', 'heck', 'Heck'],
  ['Transportstellung', 'transport', 'Transport'],
  ['Studioaufnahme', 'studio', 'Studio'],
];
const MARKETING: readonly (readonly [string, string, string])[] = [
  ['Agritechnica 2025 – Messestand', 'agritechnica-2025', 'agritechnica-2025'],
  ['EuroTier 2024 – Standansicht', 'eurotier-2024', 'eurotier-2024'],
  ['Werk Aulendorf – Luftbild', 'werk-aulendorf', 'messen'],
  ['Anzeige Heuernte', 'anzeige-heuernte', 'anzeigen'],
  ['Feldtag Grub – Vorführung', 'feldtag-grub', 'messen'],
  ['Illustration Grünlandernte', 'illustration-gruenland', 'ki-illustrationen'],
  ['Team Vertrieb', 'team-vertrieb', 'intern'],
];

function base(rng: Rng, name: string, keywords: readonly string[]): MediaContent {
  return {
    name,
    pathName: slugify(name),
    fileStem: name,
    title: null,
    alt: null,
    caption: null,
    description: null,
    copyright: rng.pick(COPYRIGHT),
    license: rng.pick(LICENSE),
    keywords: rng.chance(0.1) ? [] : rng.sample(keywords, rng.int(1, 3)),
    folderKey: null,
    render: 'none',
    mime: 'application/octet-stream',
    ext: 'bin',
  };
}

export function coreContent(rng: Rng, key: string): MediaContent {
  const core = CORE_CONTENT[key];
  if (!core) throw new Error(`unknown core medium ${key}`);
  const content = { ...base(rng, core.name, ['Hofmeister', 'Marke', 'Logo', 'Katalog']), ...core };
  content.pathName = slugify(core.name);
  content.title = core.name;
  if (content.render === 'pdf') content.pdfLines = [core.name, 'Hofmeister Landtechnik GmbH', 'Stand 2026'];
  return content;
}

export function productContent(rng: Rng, type: MediaType, who: ProductIdentity, year: number): MediaContent {
  const d = who.designation[0];
  const c = compact(who.base);
  const keywords = [...who.family.keywords, who.kind.names[0], d];
  const doc = (name: string, stem: string, extra: Partial<MediaContent>): MediaContent => ({
    ...base(rng, name, keywords),
    title: name,
    fileStem: stem,
    render: 'pdf',
    mime: 'application/pdf',
    ext: 'pdf',
    pdfLines: [who.names[0], who.names[1], `Bestellnummer ${who.ordernumber ?? '–'}`, `Stand ${year}`],
    ...extra,
  });
  switch (type) {
    case 'image': {
      const [view, slug, stem] = rng.pick(VIEWS);
      const content = base(rng, `${d} – ${view}`, keywords);
      content.pathName = `${slugify(who.base)}-${slug}`;
      content.fileStem = rng.weighted([
        [`${c}_${stem}_${year}`, 5],
        [`DSC_${rng.int(1000, 9999)}`, 2],
        [`${d} ${stem}`, 2],
        [`${who.kind.names[0]} ${stem} (${rng.int(1, 4)})`, 1],
      ] as const);
      content.alt = rng.chance(0.85) ? `${who.names[0]}, ${view}` : null;
      content.title = rng.chance(0.8) ? d : null;
      content.caption = rng.chance(0.3)
        ? `${who.names[0]} – ${who.family.pitch[0].replace(/&amp;/g, '&')}`
        : null;
      content.description = rng.chance(0.2)
        ? `Aufnahme ${year}, ${rng.pick(['Studio', 'Feld', 'Hof', 'Messe'])}.`
        : null;
      content.keywords.push(...(rng.chance(0.5) ? [view] : []));
      content.folderKey = rng.weighted([
        [who.family.folder, 5],
        [`${who.family.folder}-details`, 2],
        [`${who.family.folder}-einsatz`, 2],
      ] as const);
      content.render = 'photo';
      return content;
    }
    case 'datasheet':
      return doc(`Datenblatt ${d}`, rng.chance(0.5) ? `Datenblatt ${d} – ${year}` : `DB_${c}_de`, {
        folderKey: 'datenblaetter',
        description: `Technische Daten, Stand ${year}`,
      });
    case 'manual':
      return doc(`Betriebsanleitung ${d}`, `BA_${c}_${rng.pick(['de', 'de-en', 'de-en-fr'])}`, {
        folderKey: 'betriebsanleitungen',
      });
    case 'brochure':
      return doc(`Prospekt ${d}`, `Prospekt_${c}_${year}`, { folderKey: 'prospekte' });
    case 'technical_drawing':
      return rng.chance(0.6)
        ? {
            ...base(rng, `Maßzeichnung ${d}`, keywords),
            title: `Maßzeichnung ${d}`,
            fileStem: `MZ_${c}`,
            render: 'svg',
            svgStyle: 'drawing',
            svgSize: [1200, 800],
            mime: 'image/svg+xml',
            ext: 'svg',
            folderKey: 'zeichnungen',
          }
        : doc(`Maßzeichnung ${d}`, `Maßzeichnung ${d}`, { folderKey: 'zeichnungen' });
    case 'cad':
      return {
        ...base(rng, `CAD-Modell ${d}`, keywords),
        fileStem: `${c}_CAD`,
        render: rng.chance(0.7) ? 'step' : 'none',
        mime: 'model/step',
        ext: 'step',
        folderKey: 'video-und-3d',
      };
    case 'three_d_view':
      return {
        ...base(rng, `3D-Ansicht ${d}`, keywords),
        fileStem: `${c}_3D`,
        render: 'gltf',
        mime: 'model/gltf+json',
        ext: 'gltf',
        folderKey: 'video-und-3d',
      };
    case 'view_360':
      return {
        ...base(rng, `360°-Ansicht ${d}`, keywords),
        fileStem: `${c}_360`,
        render: 'none',
        mime: 'application/zip',
        ext: 'zip',
        folderKey: 'video-und-3d',
      };
    case 'video':
      return {
        ...base(rng, `Video ${d} im Einsatz`, keywords),
        fileStem: `${c}_Einsatz_${year}`,
        render: 'none',
        mime: 'video/mp4',
        ext: 'mp4',
        folderKey: 'video-und-3d',
      };
    default:
      return globalContent(rng, type, who.family, year);
  }
}

export function globalContent(rng: Rng, type: MediaType, family: Family | null, year: number): MediaContent {
  const group = family?.group[0] ?? 'Hofmeister';
  const keywords = family ? [...family.keywords, group] : ['Hofmeister', 'Landtechnik', 'Messe', 'Grünland'];
  switch (type) {
    case 'brochure':
      return {
        ...base(rng, `Prospekt ${group} ${year}`, keywords),
        title: `Prospekt ${group}`,
        fileStem: `Prospekt_${compact(group)}_${year}`,
        render: 'pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        folderKey: year >= 2026 ? 'prospekte-2026' : 'prospekte-2025',
        pdfLines: [`Prospekt ${group}`, `Ausgabe ${year}`, 'Hofmeister Landtechnik GmbH'],
      };
    case 'icon':
    case 'logo': {
      const subject = rng.pick([
        'Hydraulik',
        'ISOBUS',
        'Zapfwelle',
        'Euro-Aufnahme',
        'Made in Germany',
        'Service',
        'Ersatzteile',
      ]);
      const svg = rng.chance(0.6);
      return {
        ...base(rng, `${type === 'icon' ? 'Icon' : 'Logo'} ${subject}`, keywords),
        fileStem: `${type}_${slugify(subject)}`,
        render: svg ? 'svg' : 'png_alpha',
        svgStyle: type === 'logo' ? 'logo' : 'icon',
        svgSize: type === 'logo' ? [400, 100] : [96, 96],
        mime: svg ? 'image/svg+xml' : 'image/png',
        ext: svg ? 'svg' : 'png',
        folderKey: type === 'icon' ? 'icons' : 'logos',
      };
    }
    case 'technical_drawing':
      return {
        ...base(rng, `Schnittzeichnung ${group}`, keywords),
        fileStem: `SZ_${compact(group)}`,
        render: 'svg',
        svgStyle: 'drawing',
        svgSize: [1000, 700],
        mime: 'image/svg+xml',
        ext: 'svg',
        folderKey: 'zeichnungen',
      };
    case 'video':
      return {
        ...base(rng, `Imagefilm ${year}`, keywords),
        fileStem: `Imagefilm_${year}_final`,
        render: 'none',
        mime: 'video/mp4',
        ext: 'mp4',
        folderKey: 'video-und-3d',
      };
    case 'datasheet':
      return {
        ...base(rng, `Datenblatt Übersicht ${year}`, keywords),
        fileStem: `Datenblaetter_Uebersicht_${year}`,
        render: 'pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        folderKey: 'datenblaetter',
        pdfLines: ['Übersicht aller Datenblätter', `Stand ${year}`],
      };
    default: {
      const [name, slug, folder] = rng.pick(MARKETING);
      const content = base(rng, `${name} (${year})`, keywords);
      content.pathName = `${slug}-${year}`;
      content.fileStem = rng.chance(0.5) ? `${slug}_${rng.int(1, 999)}` : `IMG_${rng.int(1000, 9999)}`;
      content.alt = rng.chance(0.6) ? name : null;
      content.title = name;
      content.folderKey = folder;
      content.render = 'photo';
      return content;
    }
  }
}
