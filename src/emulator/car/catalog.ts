/**
 * The emulator's static car inventory: rental companies, their branches and the cars they rent.
 * Every rule that makes the emulator's car answers differ (prices, flight numbers, in-place
 * modification, cancellation terms) is data here, documented in docs/car.md.
 */
import type { CancellationPenalty, CarCategory, CarLocation, CarVehicle } from "../../schemas/car";

/** A country the emulator rents cars in. */
export interface CarRegion {
  code: "US" | "GB" | "FR";
  currencyCode: string;
  /** Multiplier of the base daily rates. */
  priceFactor: number;
  /** Sales tax or VAT on the rental, as a fraction. */
  taxRate: number;
}

/** A rental branch; branches with the same `city` are searched together. */
export interface CatalogLocation extends CarLocation {
  city: string;
  region: CarRegion["code"];
}

/** A rental company and its terms. */
export interface CatalogVendor {
  code: string;
  name: string;
  regions: CarRegion["code"][];
  categories: CarCategory[];
  /** Multiplier of the base daily rates. */
  priceFactor: number;
  /** The vendor changes a reservation in place; otherwise it cancels and rebooks into a new PNR. */
  modifiesInPlace: boolean;
  /** Airport pickups need the arrival flight number. */
  requiresFlightNumberAtAirports: boolean;
  /** Free cancellation ends this many hours before pickup. */
  cancellationWindowHours: number;
  /** Penalty after the deadline; an `AMOUNT` penalty is in the rental's currency. */
  penalty: { type: "AMOUNT"; amount: number } | { type: "PERCENTAGE"; percentage: number };
  minimumRenterAge: number;
}

/** A car class as rented everywhere. */
export interface CatalogVehicle extends CarVehicle {
  /** Base daily rate before vendor and region factors. */
  baseDailyRate: number;
  /** Grams of CO2 per km. */
  co2GramsPerKm: number;
  /** Renters must be at least this old, whatever the vendor allows. */
  minimumRenterAge: number;
}

const REGIONS: Record<CarRegion["code"], CarRegion> = {
  US: { code: "US", currencyCode: "USD", priceFactor: 1, taxRate: 0.1 },
  GB: { code: "GB", currencyCode: "GBP", priceFactor: 0.85, taxRate: 0.2 },
  FR: { code: "FR", currencyCode: "EUR", priceFactor: 0.95, taxRate: 0.2 },
};

function location(
  code: string,
  name: string,
  city: string,
  region: CarRegion["code"],
  isAirport: boolean,
  addressLine: string,
  postalCode: string,
): CatalogLocation {
  return {
    code,
    name,
    isAirport,
    city,
    region,
    address: { addressLines: [addressLine], locality: city, postalCode, regionCode: region },
  };
}

/** Every branch, by code. */
export const CAR_LOCATIONS: ReadonlyMap<string, CatalogLocation> = new Map(
  [
    location(
      "LAX",
      "Los Angeles International Airport",
      "Los Angeles",
      "US",
      true,
      "9020 Aviation Blvd",
      "90045",
    ),
    location("LAXC01", "Los Angeles Downtown", "Los Angeles", "US", false, "711 W 7th St", "90017"),
    location(
      "SFO",
      "San Francisco International Airport",
      "San Francisco",
      "US",
      true,
      "780 N McDonnell Rd",
      "94128",
    ),
    location("SFOC01", "San Francisco Union Square", "San Francisco", "US", false, "350 Mason St", "94102"),
    location(
      "JFK",
      "John F. Kennedy International Airport",
      "New York",
      "US",
      true,
      "JFK Access Rd",
      "11430",
    ),
    location("NYCC01", "Manhattan Midtown", "New York", "US", false, "220 W 31st St", "10001"),
    location("LHR", "London Heathrow Airport", "London", "GB", true, "Northern Perimeter Rd", "TW6 2QD"),
    location("LONC01", "London Victoria Station", "London", "GB", false, "Buckingham Palace Rd", "SW1W 9SJ"),
    location("CDG", "Paris Charles de Gaulle Airport", "Paris", "FR", true, "Terminal 2 Arrivals", "95700"),
    location("PARC01", "Paris Gare de Lyon", "Paris", "FR", false, "Place Louis-Armand", "75012"),
  ].map((l) => [l.code, l]),
);

/** Every rental company, by code. */
export const CAR_VENDORS: ReadonlyMap<string, CatalogVendor> = new Map(
  (
    [
      {
        code: "ZE",
        name: "Hertz",
        regions: ["US", "GB", "FR"],
        categories: ["ECONOMY", "COMPACT", "INTERMEDIATE", "FULLSIZE", "SUV", "PREMIUM"],
        priceFactor: 1.1,
        modifiesInPlace: true,
        requiresFlightNumberAtAirports: false,
        cancellationWindowHours: 24,
        penalty: { type: "AMOUNT", amount: 50 },
        minimumRenterAge: 20,
      },
      {
        code: "ZI",
        name: "Avis",
        regions: ["US", "GB", "FR"],
        categories: ["COMPACT", "INTERMEDIATE", "FULLSIZE", "SUV", "PREMIUM"],
        priceFactor: 1.05,
        modifiesInPlace: true,
        requiresFlightNumberAtAirports: false,
        cancellationWindowHours: 48,
        penalty: { type: "PERCENTAGE", percentage: 20 },
        minimumRenterAge: 21,
      },
      {
        code: "ZD",
        name: "Budget",
        regions: ["US"],
        categories: ["ECONOMY", "COMPACT", "INTERMEDIATE", "FULLSIZE", "SUV"],
        priceFactor: 0.9,
        modifiesInPlace: false,
        requiresFlightNumberAtAirports: false,
        cancellationWindowHours: 24,
        penalty: { type: "PERCENTAGE", percentage: 100 },
        minimumRenterAge: 21,
      },
      {
        code: "ET",
        name: "Enterprise",
        regions: ["US", "GB", "FR"],
        categories: ["ECONOMY", "INTERMEDIATE", "FULLSIZE", "SUV"],
        priceFactor: 0.95,
        modifiesInPlace: false,
        requiresFlightNumberAtAirports: true,
        cancellationWindowHours: 12,
        penalty: { type: "AMOUNT", amount: 35 },
        minimumRenterAge: 21,
      },
      {
        code: "SX",
        name: "Sixt",
        regions: ["US", "GB", "FR"],
        categories: ["ECONOMY", "COMPACT", "INTERMEDIATE", "SUV", "PREMIUM"],
        priceFactor: 1,
        modifiesInPlace: true,
        requiresFlightNumberAtAirports: true,
        cancellationWindowHours: 24,
        penalty: { type: "PERCENTAGE", percentage: 50 },
        minimumRenterAge: 18,
      },
    ] satisfies CatalogVendor[]
  ).map((v) => [v.code, v]),
);

/** The car of each category. */
export const CAR_VEHICLES: Readonly<Record<CarCategory, CatalogVehicle>> = {
  ECONOMY: {
    category: "ECONOMY",
    acrissCode: "EDAR",
    description: "Toyota Yaris or similar",
    seats: 4,
    transmission: "AUTOMATIC",
    fuelType: "PETROL",
    baseDailyRate: 42,
    co2GramsPerKm: 110,
    minimumRenterAge: 18,
  },
  COMPACT: {
    category: "COMPACT",
    acrissCode: "CDMR",
    description: "Volkswagen Golf or similar",
    seats: 5,
    transmission: "MANUAL",
    fuelType: "PETROL",
    baseDailyRate: 48,
    co2GramsPerKm: 120,
    minimumRenterAge: 18,
  },
  INTERMEDIATE: {
    category: "INTERMEDIATE",
    acrissCode: "IDAH",
    description: "Toyota Corolla Hybrid or similar",
    seats: 5,
    transmission: "AUTOMATIC",
    fuelType: "HYBRID",
    baseDailyRate: 55,
    co2GramsPerKm: 95,
    minimumRenterAge: 18,
  },
  FULLSIZE: {
    category: "FULLSIZE",
    acrissCode: "FDAR",
    description: "Chevrolet Malibu or similar",
    seats: 5,
    transmission: "AUTOMATIC",
    fuelType: "PETROL",
    baseDailyRate: 64,
    co2GramsPerKm: 150,
    minimumRenterAge: 21,
  },
  SUV: {
    category: "SUV",
    acrissCode: "SFAR",
    description: "Toyota RAV4 or similar",
    seats: 5,
    transmission: "AUTOMATIC",
    fuelType: "PETROL",
    baseDailyRate: 78,
    co2GramsPerKm: 165,
    minimumRenterAge: 21,
  },
  PREMIUM: {
    category: "PREMIUM",
    acrissCode: "PDAE",
    description: "Tesla Model 3 or similar",
    seats: 5,
    transmission: "AUTOMATIC",
    fuelType: "ELECTRIC",
    baseDailyRate: 95,
    co2GramsPerKm: 0,
    minimumRenterAge: 25,
  },
};

/** Size order of the categories, for sorting by category. */
export const CATEGORY_ORDER: readonly CarCategory[] = [
  "ECONOMY",
  "COMPACT",
  "INTERMEDIATE",
  "FULLSIZE",
  "SUV",
  "PREMIUM",
];

/** The region of a location. */
export function regionOf(location: CatalogLocation): CarRegion {
  return REGIONS[location.region];
}

/** A catalog entry that must exist (records only ever hold catalog codes). */
export function catalogLocation(code: string): CatalogLocation {
  const found = CAR_LOCATIONS.get(code);
  if (!found) throw new Error(`car catalog has no location ${code}`);
  return found;
}

/** A vendor that must exist. */
export function catalogVendor(code: string): CatalogVendor {
  const found = CAR_VENDORS.get(code);
  if (!found) throw new Error(`car catalog has no vendor ${code}`);
  return found;
}

/** The car id of a vendor's category at a branch: `ZE-LAX-IDAH`. */
export function carIdOf(vendorCode: string, locationCode: string, category: CarCategory): string {
  return `${vendorCode}-${locationCode}-${CAR_VEHICLES[category].acrissCode}`;
}

/** Whether picking up a car of `vendorCode` at `location` needs the arrival flight number. */
export function isFlightNumberMandatory(vendorCode: string, location: { isAirport: boolean }): boolean {
  return location.isAirport && catalogVendor(vendorCode).requiresFlightNumberAtAirports;
}

/** The public location view (without the emulator's grouping fields). */
export function locationView(location: CatalogLocation): CarLocation {
  const { city: _city, region: _region, ...view } = location;
  return view;
}

/** The public vehicle view. */
export function vehicleView(category: CarCategory): CarVehicle {
  const {
    baseDailyRate: _rate,
    co2GramsPerKm: _co2,
    minimumRenterAge: _age,
    ...view
  } = CAR_VEHICLES[category];
  return view;
}

/** The vendor's penalty in the API shape, `AMOUNT` penalties in `currencyCode`. */
export function penaltyOf(vendor: CatalogVendor, currencyCode: string): CancellationPenalty {
  return vendor.penalty.type === "AMOUNT"
    ? { type: "AMOUNT", amount: { amount: vendor.penalty.amount, currencyCode } }
    : { type: "PERCENTAGE", percentage: vendor.penalty.percentage };
}
