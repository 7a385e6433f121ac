import { describe, expect, it } from 'vitest';
import { dataModelPass } from './data-model.ts';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';

const FILES: Record<string, string> = {
  'db/migrations/0001.sql':
    'CREATE TABLE IF NOT EXISTS "users" (\n  id uuid PRIMARY KEY,\n  email text NOT NULL, -- unique\n  price numeric(10, 2),\n  PRIMARY KEY (id),\n  CONSTRAINT x UNIQUE (email)\n);\n',
  'src/schema.ts':
    "export const books = pgTable('books', {\n  id: uuid('id').primaryKey(),\n  title: text('title').notNull(),\n  meta: jsonb('meta').$type<{ a: string }>(),\n});\n",
  'prisma/schema.prisma': 'model Loan {\n  id Int @id\n  bookId Int\n}\n',
  'src/user.entity.ts':
    "@Entity('users')\nexport class User {\n  @PrimaryGeneratedColumn() id!: number;\n  @Column({ length: 80 })\n  name!: string;\n}\n",
  'src/shapes.ts':
    'export const BookSchema = z.object({ id: z.string(), tags: z.array(z.string()) });\nexport const LoginFormSchema = z.object({ email: z.string() });\nexport interface Row { a: string }\n',
  'app/models.py':
    'class Author(models.Model):\n    name = models.CharField(max_length=80)\n    class Meta:\n        ordering = ["name"]\n\nclass Item(Base):\n    id: Mapped[int] = mapped_column(primary_key=True)\n\nclass ItemOut(BaseModel):\n    id: int\n    title: str\n',
  'store/models.go':
    'type Order struct {\n\tgorm.Model\n\tTotal int `gorm:"not null"`\n}\n\ntype Plain struct {\n\tA int\n}\n',
  'src/cloc-languages.ts': 'interface Row { name: string }\nconst rows: Row[] = [];\n',
  'test/fixtures.sql': 'CREATE TABLE t (a int);\n',
  'db/old.sql':
    '-- CREATE TABLE retired (a int);\n/* CREATE TABLE gone (b int); */\nCREATE TABLE kept (c int);\n',
  'app/docs.py':
    'def f():\n    """Example::\n\n        class Sample(models.Model):\n            name = models.CharField()\n    """\n',
};

describe('data model pass', () => {
  const src = sourcesFromMap(FILES);
  const model = dataModelPass(src, languagesPass(src).files);
  const get = (name: string) => model.find((e) => e.name === name);

  it('ignores tables and models quoted in comments and docstrings', () => {
    expect(get('kept')).toMatchObject({ kind: 'sql-table', line: 3 });
    for (const n of ['retired', 'gone', 'Sample']) expect(get(n), n).toBeUndefined();
  });

  it('reads SQL tables with their columns, not their constraints', () => {
    expect(get('users')).toEqual({
      kind: 'sql-table',
      name: 'users',
      file: 'db/migrations/0001.sql',
      line: 1,
      fields: ['id', 'email', 'price'],
    });
  });

  it('reads ORM models of each kind with their fields', () => {
    expect(get('books')).toMatchObject({ kind: 'drizzle', line: 1, fields: ['id', 'title', 'meta'] });
    expect(get('Loan')).toMatchObject({ kind: 'prisma', fields: ['id', 'bookId'] });
    expect(get('User')).toMatchObject({ kind: 'typeorm', fields: ['id', 'name'] });
    expect(get('Author')).toMatchObject({ kind: 'django', fields: ['name'] });
    expect(get('Item')).toMatchObject({ kind: 'sqlalchemy', fields: ['id'] });
    expect(get('Order')).toMatchObject({ kind: 'gorm', fields: ['Total'] });
  });

  it('keeps entity-named zod and pydantic schemas, and leaves forms, plain interfaces and test data out', () => {
    expect(get('Book')).toMatchObject({ kind: 'zod', fields: ['id', 'tags'] });
    expect(get('ItemOut')).toMatchObject({ kind: 'pydantic', fields: ['id', 'title'] });
    expect(get('LoginForm')).toBeUndefined();
    expect(get('Row')).toBeUndefined();
    expect(get('Plain')).toBeUndefined();
    expect(get('t')).toBeUndefined();
  });
});
