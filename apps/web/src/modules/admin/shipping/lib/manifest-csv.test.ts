import { describe, expect, it } from 'vitest';
import { parseManifestCsv } from './manifest-csv';

const head = 'order,awb,courier,consignee,city,pincode,parcels,weight_grams,cod_amount_rupees';

describe("the day's manifest read back from its CSV", () => {
  it('reads each row, quoted cells and rupees to paise included', () => {
    const csv = `${head}\nKG-261126-7K3M9Q,LB100200300,Delhivery Surface,"Asha Rao, Jr.",Bengaluru,560025,2,950,1249.00\nKG-261126-2B4C6D,LB100200301,Loopback Express,"Ravi ""RK"" Kumar",Shillong,793001,1,300,0.00\n`;
    expect(parseManifestCsv(csv)).toEqual([
      {
        orderNumber: 'KG-261126-7K3M9Q',
        awb: 'LB100200300',
        courierName: 'Delhivery Surface',
        consignee: 'Asha Rao, Jr.',
        city: 'Bengaluru',
        pincode: '560025',
        parcels: 2,
        weightGrams: 950,
        codAmount: 124_900,
      },
      expect.objectContaining({ consignee: 'Ravi "RK" Kumar', parcels: 1, codAmount: 0 }),
    ]);
  });

  it('shows a formula-guarded cell as the customer wrote it, and an empty day as no rows', () => {
    const csv = `${head}\r\nKG-261126-7K3M9Q,LB1,Courier,'=Asha,Pune,411001,1,500,0.00\r\n`;
    expect(parseManifestCsv(csv)[0]!.consignee).toBe('=Asha');
    expect(parseManifestCsv(`${head}\n`)).toEqual([]);
  });

  it('refuses a sheet that is not the manifest', () => {
    expect(() => parseManifestCsv('order,awb\nKG,1\n')).toThrow(/no courier, consignee/);
    expect(() => parseManifestCsv(`${head}\nKG,LB1,C,A,P,411001,two,500,0.00\n`)).toThrow(/parcels is not a whole number/);
  });
});
