import 'reflect-metadata';
import type { MetadataStorage, Platform } from '@mikro-orm/core';
import { IsOptional, IsString } from 'class-validator';
import { declaredColumns, loadColumnLimits } from './column-limits';
import { Form } from './form-shape';
import { fieldColumns, RefersTo, StoredIn } from './stored-in';
import { validateForm } from './validate-form';

class Parcel {}
class Depot {}

@Form({ fields: ['code', 'note', 'tags', 'depot'] })
class ParcelForm {
  @StoredIn(Parcel, 'code', { message: (limit) => `Code: at most ${limit}.` })
  @IsString()
  @IsOptional()
  code?: string;

  @StoredIn(Parcel, 'note')
  @IsString()
  @IsOptional()
  note?: string;

  @StoredIn(Parcel, 'tags', { each: true })
  @IsOptional()
  tags?: string[];

  @RefersTo(Depot, 'code')
  @IsString()
  @IsOptional()
  depot?: string;
}

type Properties = Record<string, Record<string, { type: string; length?: number }>>;
const metadata = (entities: Properties) => ({ getByClassName: (name: string) => (entities[name] ? { properties: entities[name] } : undefined) }) as unknown as MetadataStorage;
const platform = { getDefaultVarcharLength: () => 255 } as unknown as Platform;
const SHOP: Properties = {
  Parcel: { code: { type: 'string', length: 4 }, note: { type: 'text' }, tags: { type: 'string' } },
  Depot: { code: { type: 'string', length: 8 } },
};

const errorsOf = (body: unknown) => validateForm(ParcelForm, body).errors.toJSON();

describe('column limits of form fields', () => {
  it('refuses to start when a form names a column that is missing or holds no text', () => {
    expect(() => loadColumnLimits(metadata({ ...SHOP, Depot: {} }), platform)).toThrow('A form names the column Depot.code, which is not an entity property');
    expect(() => loadColumnLimits(metadata({ ...SHOP, Parcel: { ...SHOP.Parcel, note: { type: 'integer' } } }), platform)).toThrow(
      'A form names the column Parcel.note, which holds integer, not text',
    );
  });

  it("checks each stored text against its column's length in characters, with the field's message or the generic one", () => {
    loadColumnLimits(metadata(SHOP), platform);
    expect(errorsOf({ code: '😀😀😀😀', note: 'x'.repeat(100_000), tags: ['y'.repeat(255)], depot: 'z'.repeat(50) })).toEqual({
      children: { code: {}, note: {}, tags: {}, depot: {} },
    });
    expect(errorsOf({ code: '😀😀😀😀😀', tags: ['ok', 'y'.repeat(256)] })).toEqual({
      children: { code: { errors: ['Code: at most 4.'] }, note: {}, tags: { errors: ['This value is too long. It should have 255 characters or less.'] }, depot: {} },
    });
  });

  it('knows which columns each field is stored in or looked up by', () => {
    expect(declaredColumns()).toEqual(['Depot.code', 'Parcel.code', 'Parcel.note', 'Parcel.tags']);
    expect([fieldColumns(ParcelForm, 'code'), fieldColumns(ParcelForm, 'depot'), fieldColumns(ParcelForm, 'missing')]).toEqual([['Parcel.code'], ['Depot.code'], []]);
  });
});
