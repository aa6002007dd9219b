import { describe, expect, it } from 'vitest';
import {
  imageUrlsFromRecords,
  parsePreviewParams,
  previewDocument,
  previewMeta,
  type BlueprintResponse,
} from './blueprintPreview.ts';
import { docWith } from './test-support.tsx';

const blueprint: BlueprintResponse = {
  id: 'bp',
  title: 'Club Season',
  blueprint_category: 'sports',
  colors: ['#000000', '#ffffff', '#aa0000'],
  fonts: { title: 'Oswald', sub_title: 'Montserrat', paragraph: 'Roboto' },
  cover_preview_url: null,
  workspace: docWith([]),
  images: [],
};

describe('/blueprint_preview query', () => {
  it('reads every SPEC §2 parameter', () => {
    const params = parsePreviewParams(
      new URLSearchParams(
        'blueprintId=bp&blueprintName=Sport&colors=112233,%23445566&fonts.title=Pacifico&fonts.sub_title=Lato&fonts.paragraph=Nunito&title=FC&releaseDate=1780000000000&sticker_template_settings.id=612',
      ),
    );
    expect(params).toEqual({
      blueprintId: 'bp',
      blueprintName: 'Sport',
      colors: ['#112233', '#445566'],
      fonts: { title: 'Pacifico', sub_title: 'Lato', paragraph: 'Nunito' },
      title: 'FC',
      releaseDate: 1780000000000,
      stickerTemplateId: 612,
    });
  });
  it('accepts colours as a JSON array', () => {
    expect(parsePreviewParams(new URLSearchParams('colors=["#fff","red"]')).colors).toEqual(['#fff', 'red']);
  });
  it('applies colours, fonts and the sticker template to the blueprint document', () => {
    const params = parsePreviewParams(
      new URLSearchParams('colors=010101&fonts.paragraph=Nunito&sticker_template_settings.id=600'),
    );
    const doc = previewDocument(blueprint, params);
    expect(doc.settings.colors).toEqual(['#010101']);
    expect(doc.settings.fonts).toEqual({ title: 'Oswald', sub_title: 'Montserrat', paragraph: 'Nunito' });
    expect(doc.settings.stickerTemplateId).toBe(600);
    expect(doc.settings.stickerTemplateSettings.id).toBe(600);
  });
  it('keeps the blueprint colours without an override and takes the title and date for automatic text', () => {
    const params = parsePreviewParams(new URLSearchParams('title=FC&releaseDate=0'));
    expect(previewDocument(blueprint, params).settings.colors).toEqual(blueprint.colors);
    expect(previewMeta(blueprint, params, 'en')).toEqual({
      title: 'FC',
      releaseDate: '1970-01-01T00:00:00.000Z',
      language: 'en',
    });
  });
  it('finds image variants in image records', () => {
    const urlFor = imageUrlsFromRecords([{ id: 'i1', blob: { small: '/s.jpg', full: '/f.jpg' } }]);
    expect(urlFor('i1', 'small')).toBe('/s.jpg');
    expect(urlFor('i1', 'large')).toBe('/f.jpg');
    expect(urlFor('nope', 'small')).toBeUndefined();
  });
});
