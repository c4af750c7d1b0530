import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121001002 } from './Migration20261121001002';
import { Migration20261121005748 } from './Migration20261121005748';
import { Migration20261121013728 } from './Migration20261121013728';
import { Migration20261121150000 } from './Migration20261121150000';
import { Migration20261124150000 } from './Migration20261124150000';
import { Migration20261124180000 } from './Migration20261124180000';
import { Migration20261127032547 } from './Migration20261127032547';
import { Migration20261127033000 } from './Migration20261127033000';
import { Migration20261127040000 } from './Migration20261127040000';
import { Migration20261127081132 } from './Migration20261127081132';
import { Migration20261128120000 } from './Migration20261128120000';
import { Migration20261128164421 } from './Migration20261128164421';
import { Migration20261128200000 } from './Migration20261128200000';
import { Migration20261129020000 } from './Migration20261129020000';
import { Migration20261129035957 } from './Migration20261129035957';
import { Migration20261129050000 } from './Migration20261129050000';
import { Migration20261129060000 } from './Migration20261129060000';
import { Migration20261129061000 } from './Migration20261129061000';
import { Migration20261129077000 } from './Migration20261129077000';

/** Every migration, in order. New migrations are appended here (see `npm run migration:create`). */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121001002', class: Migration20261121001002 },
  { name: 'Migration20261121005748', class: Migration20261121005748 },
  { name: 'Migration20261121013728', class: Migration20261121013728 },
  { name: 'Migration20261121150000', class: Migration20261121150000 },
  { name: 'Migration20261124150000', class: Migration20261124150000 },
  { name: 'Migration20261124180000', class: Migration20261124180000 },
  { name: 'Migration20261127032547', class: Migration20261127032547 },
  { name: 'Migration20261127033000', class: Migration20261127033000 },
  { name: 'Migration20261127040000', class: Migration20261127040000 },
  { name: 'Migration20261127081132', class: Migration20261127081132 },
  { name: 'Migration20261128120000', class: Migration20261128120000 },
  { name: 'Migration20261128164421', class: Migration20261128164421 },
  { name: 'Migration20261128200000', class: Migration20261128200000 },
  { name: 'Migration20261129020000', class: Migration20261129020000 },
  { name: 'Migration20261129035957', class: Migration20261129035957 },
  { name: 'Migration20261129050000', class: Migration20261129050000 },
  { name: 'Migration20261129060000', class: Migration20261129060000 },
  { name: 'Migration20261129061000', class: Migration20261129061000 },
  { name: 'Migration20261129077000', class: Migration20261129077000 },
];
