/* Real responses of the demo shop (test/support/demo-shop.ts), as the e2e tests see them. */

/** CAP_BLACK with the dimensions test/e2e/catalog-resources.e2e-spec.ts sets on it. */
export const capBlackVariantExample = {
  descriptor: 'Black cap (CAP_BLACK)',
  id: 11,
  code: 'CAP_BLACK',
  optionValues: [],
  position: 0,
  translations: { en_US: { locale: 'en_US', id: 21, name: 'Black cap' }, de_DE: { locale: 'de_DE', id: 22, name: 'Black cap' } },
  version: 1,
  onHold: 0,
  onHand: 0,
  tracked: false,
  weight: 0.25,
  width: 20,
  height: 12.5,
  depth: 25,
  taxCategory: {
    id: 1,
    code: 'std',
    name: 'Standard',
    description: 'Most goods',
    createdAt: '2026-11-21T02:41:27+0000',
    updatedAt: '2026-11-21T02:41:27+0000',
    _links: { self: { href: '/api/v1/tax-categories/std' } },
  },
  channelPricings: { WEB: { channelCode: 'WEB', price: 1599 }, EU_WEB: { channelCode: 'EU_WEB', price: 1499 } },
  _links: { self: { href: '/api/v1/products/CAP/variants/CAP_BLACK' }, product: { href: '/api/v1/products/CAP' } },
};

export const mugProductExample = {
  id: 1,
  code: 'MUG',
  variants: [
    {
      descriptor: 'Star wars mug (MUG_SW)',
      id: 1,
      code: 'MUG_SW',
      optionValues: [
        {
          code: 'MUG_SIZE_S',
          translations: { en_US: { locale: 'en_US', id: 1, value: 'Size S' }, de_DE: { locale: 'de_DE', id: 2, value: 'Size S' } },
        },
        {
          code: 'MUG_COLOR_WHITE',
          translations: { en_US: { locale: 'en_US', id: 5, value: 'White' }, de_DE: { locale: 'de_DE', id: 6, value: 'White' } },
        },
      ],
      position: 0,
      translations: { en_US: { locale: 'en_US', id: 1, name: 'Star wars mug' }, de_DE: { locale: 'de_DE', id: 2, name: 'Star wars mug' } },
      version: 1,
      onHold: 0,
      onHand: 0,
      tracked: false,
      taxCategory: {
        id: 1,
        code: 'std',
        name: 'Standard',
        description: 'Most goods',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/tax-categories/std' } },
      },
      shippingCategory: {
        id: 1,
        code: 'regular',
        name: 'Regular',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/shipping-categories/regular' } },
      },
      channelPricings: { WEB: { channelCode: 'WEB', price: 1059 }, EU_WEB: { channelCode: 'EU_WEB', price: 999 } },
      _links: { self: { href: '/api/v1/products/MUG/variants/MUG_SW' }, product: { href: '/api/v1/products/MUG' } },
    },
    {
      descriptor: 'Lord of the rings mug (MUG_LOTR)',
      id: 2,
      code: 'MUG_LOTR',
      optionValues: [
        {
          code: 'MUG_SIZE_L',
          translations: { en_US: { locale: 'en_US', id: 3, value: 'Size L' }, de_DE: { locale: 'de_DE', id: 4, value: 'Size L' } },
        },
        {
          code: 'MUG_COLOR_WHITE',
          translations: { en_US: { locale: 'en_US', id: 5, value: 'White' }, de_DE: { locale: 'de_DE', id: 6, value: 'White' } },
        },
      ],
      position: 1,
      translations: {
        en_US: { locale: 'en_US', id: 3, name: 'Lord of the rings mug' },
        de_DE: { locale: 'de_DE', id: 4, name: 'Lord of the rings mug' },
      },
      version: 1,
      onHold: 0,
      onHand: 0,
      tracked: false,
      taxCategory: {
        id: 1,
        code: 'std',
        name: 'Standard',
        description: 'Most goods',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/tax-categories/std' } },
      },
      shippingCategory: {
        id: 1,
        code: 'regular',
        name: 'Regular',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/shipping-categories/regular' } },
      },
      channelPricings: { WEB: { channelCode: 'WEB', price: 1259 }, EU_WEB: { channelCode: 'EU_WEB', price: 1199 } },
      _links: { self: { href: '/api/v1/products/MUG/variants/MUG_LOTR' }, product: { href: '/api/v1/products/MUG' } },
    },
    {
      descriptor: 'Breaking bad mug (HARD_AVAILABLE_MUG)',
      id: 3,
      code: 'HARD_AVAILABLE_MUG',
      optionValues: [
        {
          code: 'MUG_SIZE_L',
          translations: { en_US: { locale: 'en_US', id: 3, value: 'Size L' }, de_DE: { locale: 'de_DE', id: 4, value: 'Size L' } },
        },
        {
          code: 'MUG_COLOR_BLACK',
          translations: { en_US: { locale: 'en_US', id: 7, value: 'Black' }, de_DE: { locale: 'de_DE', id: 8, value: 'Black' } },
        },
      ],
      position: 2,
      translations: { en_US: { locale: 'en_US', id: 5, name: 'Breaking bad mug' }, de_DE: { locale: 'de_DE', id: 6, name: 'Breaking bad mug' } },
      version: 2,
      onHold: 1,
      onHand: 5,
      tracked: true,
      taxCategory: {
        id: 1,
        code: 'std',
        name: 'Standard',
        description: 'Most goods',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/tax-categories/std' } },
      },
      shippingCategory: {
        id: 1,
        code: 'regular',
        name: 'Regular',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: { self: { href: '/api/v1/shipping-categories/regular' } },
      },
      channelPricings: { WEB: { channelCode: 'WEB', price: 1500 }, EU_WEB: { channelCode: 'EU_WEB', price: 1400 } },
      _links: { self: { href: '/api/v1/products/MUG/variants/HARD_AVAILABLE_MUG' }, product: { href: '/api/v1/products/MUG' } },
    },
  ],
  attributes: [{ id: 1, code: 'mug_material', name: 'Mug material', value: 'Ceramic', type: 'text', localeCode: 'en_US' }],
  options: [
    {
      id: 1,
      code: 'MUG_SIZE',
      name: 'Mug size',
      position: 0,
      values: [
        {
          code: 'MUG_SIZE_S',
          translations: { en_US: { locale: 'en_US', id: 1, value: 'Size S' }, de_DE: { locale: 'de_DE', id: 2, value: 'Size S' } },
        },
        {
          code: 'MUG_SIZE_L',
          translations: { en_US: { locale: 'en_US', id: 3, value: 'Size L' }, de_DE: { locale: 'de_DE', id: 4, value: 'Size L' } },
        },
      ],
    },
    {
      id: 2,
      code: 'MUG_COLOR',
      name: 'Mug color',
      position: 1,
      values: [
        {
          code: 'MUG_COLOR_WHITE',
          translations: { en_US: { locale: 'en_US', id: 5, value: 'White' }, de_DE: { locale: 'de_DE', id: 6, value: 'White' } },
        },
        {
          code: 'MUG_COLOR_BLACK',
          translations: { en_US: { locale: 'en_US', id: 7, value: 'Black' }, de_DE: { locale: 'de_DE', id: 8, value: 'Black' } },
        },
      ],
    },
  ],
  associations: [
    {
      id: 1,
      type: { id: 1, code: 'similar_products', name: 'Similar products' },
      associatedProducts: [
        { id: 3, code: 'CUP', name: 'Cup' },
        { id: 7, code: 'TRAVEL_MUG', name: 'Travel mug' },
      ],
    },
  ],
  translations: { en_US: { locale: 'en_US', id: 1, name: 'Mug' }, de_DE: { locale: 'de_DE', id: 2, name: 'Becher' } },
  taxons: [{ id: 2, code: 'mugs', name: 'Mugs' }],
  enabled: true,
  averageRating: 4.5,
  createdAt: '2026-11-21T02:41:27+0000',
  updatedAt: '2026-11-21T02:41:27+0000',
  _links: { self: { href: '/api/v1/products/MUG' }, variants: { href: '/api/v1/products/MUG/variants/' } },
};

export const variantPageExample = {
  page: 1,
  limit: 1,
  pages: 3,
  total: 3,
  _links: {
    self: { href: '/api/v1/products/MUG/variants/?page=1&limit=1' },
    first: { href: '/api/v1/products/MUG/variants/?page=1&limit=1' },
    last: { href: '/api/v1/products/MUG/variants/?page=3&limit=1' },
    next: { href: '/api/v1/products/MUG/variants/?page=2&limit=1' },
  },
  _embedded: {
    items: [
      {
        id: 1,
        code: 'MUG_SW',
        optionValues: [
          {
            code: 'MUG_SIZE_S',
            translations: { en_US: { locale: 'en_US', id: 1, value: 'Size S' }, de_DE: { locale: 'de_DE', id: 2, value: 'Size S' } },
          },
          {
            code: 'MUG_COLOR_WHITE',
            translations: { en_US: { locale: 'en_US', id: 5, value: 'White' }, de_DE: { locale: 'de_DE', id: 6, value: 'White' } },
          },
        ],
        position: 0,
        translations: { en_US: { locale: 'en_US', id: 1, name: 'Star wars mug' }, de_DE: { locale: 'de_DE', id: 2, name: 'Star wars mug' } },
        version: 1,
        tracked: false,
        taxCategory: {
          id: 1,
          code: 'std',
          name: 'Standard',
          description: 'Most goods',
          createdAt: '2026-11-21T02:41:27+0000',
          updatedAt: '2026-11-21T02:41:27+0000',
          _links: { self: { href: '/api/v1/tax-categories/std' } },
        },
        shippingCategory: {
          id: 1,
          code: 'regular',
          name: 'Regular',
          createdAt: '2026-11-21T02:41:27+0000',
          updatedAt: '2026-11-21T02:41:27+0000',
          _links: { self: { href: '/api/v1/shipping-categories/regular' } },
        },
        channelPricings: { WEB: { channelCode: 'WEB', price: 1059 }, EU_WEB: { channelCode: 'EU_WEB', price: 999 } },
        _links: { self: { href: '/api/v1/products/MUG/variants/MUG_SW' } },
      },
    ],
  },
};

const productsHref = (query: string) => ({ href: `/api/v1/products/?${query}` });

export const productPageExample = {
  page: 3,
  limit: 5,
  pages: 3,
  total: 13,
  _links: {
    self: productsHref('page=3&limit=5'),
    first: productsHref('page=1&limit=5'),
    last: productsHref('page=3&limit=5'),
    previous: productsHref('page=2&limit=5'),
  },
  _embedded: {
    items: [
      {
        id: 3,
        name: 'Striped T-shirt',
        code: 'T_SHIRT_STRIPES',
        options: [
          {
            id: 3,
            code: 'CLOTHING_SIZE',
            name: 'Size',
            position: 0,
            values: [
              { code: 'CLOTHING_SIZE_S', translations: { en_US: { locale: 'en_US', id: 9, value: 'S' }, de_DE: { locale: 'de_DE', id: 10, value: 'S' } } },
              { code: 'CLOTHING_SIZE_M', translations: { en_US: { locale: 'en_US', id: 11, value: 'M' }, de_DE: { locale: 'de_DE', id: 12, value: 'M' } } },
              { code: 'CLOTHING_SIZE_L', translations: { en_US: { locale: 'en_US', id: 13, value: 'L' }, de_DE: { locale: 'de_DE', id: 14, value: 'L' } } },
            ],
          },
        ],
        averageRating: 0,
        images: [],
        _links: { self: { href: '/api/v1/products/T_SHIRT_STRIPES' } },
      },
      { id: 12, name: 'Tote bag', code: 'TOTE_BAG', options: [], averageRating: 0, images: [], _links: { self: { href: '/api/v1/products/TOTE_BAG' } } },
    ],
  },
};

const category = { id: 1, code: 'category', name: 'Category', _links: { self: { href: '/api/v1/taxons/category' } } };
const clothing = { id: 3, code: 'clothing', name: 'Clothing', _links: { self: { href: '/api/v1/taxons/clothing' } } };

export const tShirtsTaxonExample = {
  id: 4,
  code: 't_shirts',
  root: category,
  parent: clothing,
  position: 0,
  translations: { en_US: { locale: 'en_US', name: 'T-shirts' } },
  name: 'T-shirts',
  images: [],
  _links: { self: { href: '/api/v1/taxons/t_shirts' } },
};

export const categoryTaxonExample = {
  id: 1,
  code: 'category',
  position: 0,
  translations: { en_US: { locale: 'en_US', name: 'Category' } },
  name: 'Category',
  images: [],
  children: [
    { id: 2, code: 'mugs', name: 'Mugs', _links: { self: { href: '/api/v1/taxons/mugs' } } },
    clothing,
    { id: 5, code: 'books', name: 'Books', _links: { self: { href: '/api/v1/taxons/books' } } },
    { id: 6, code: 'accessories', name: 'Accessories', _links: { self: { href: '/api/v1/taxons/accessories' } } },
  ],
  level: 0,
  _links: { self: { href: '/api/v1/taxons/category' } },
};

const taxonsHref = (query: string) => ({ href: `/api/v1/taxons/?${query}` });

export const taxonPageExample = {
  page: 1,
  limit: 10,
  pages: 1,
  total: 2,
  _links: {
    self: taxonsHref('criteria%5Bname%5D=shirt&page=1&limit=10'),
    first: taxonsHref('criteria%5Bname%5D=shirt&page=1&limit=10'),
    last: taxonsHref('criteria%5Bname%5D=shirt&page=1&limit=10'),
  },
  _embedded: {
    items: [
      tShirtsTaxonExample,
      {
        id: 7,
        code: 'polo_shirts',
        root: category,
        parent: clothing,
        position: 1,
        translations: { en_US: { locale: 'en_US', name: 'Polo shirts' } },
        name: 'Polo shirts',
        images: [],
        _links: { self: { href: '/api/v1/taxons/polo_shirts' } },
      },
    ],
  },
};
