/** Messages of image uploads and serving (modules/media), merged into the catalogue by messages.ts. Same keys in TH and EN. */
export const th = {
  'media.file.missing': 'กรุณาเลือกไฟล์รูปภาพ ({field}) ไฟล์ที่ส่งมาว่างเปล่าหรือไม่มีไฟล์',
  'media.file.too.large': 'ไฟล์รูปภาพ ({field}) ต้องมีขนาดไม่เกิน {maxMegabytes} MB',
  'media.type.unsupported': 'ไฟล์ ({field}) ต้องเป็นรูปภาพ PNG, JPEG, WebP หรือ GIF (ตรวจจากเนื้อหาไฟล์ ไม่ใช่จากชื่อหรือนามสกุลไฟล์)',
  'media.svg.refused': 'ไม่รับไฟล์ SVG ({field}) เพราะอาจมีสคริปต์แฝงอยู่ กรุณาแปลงเป็น PNG หรือ WebP ก่อนอัปโหลด',
  'media.file.corrupt': 'ไฟล์รูปภาพ ({field}) เสียหายหรือไม่สมบูรณ์ กรุณาบันทึกรูปใหม่แล้วอัปโหลดอีกครั้ง',
  'media.image.too.many.pixels':
    'รูปภาพ ({field}) มีขนาดใหญ่เกินไป: ด้านยาวต้องไม่เกิน {maxSide} พิกเซล และรวมไม่เกิน {maxPixels} พิกเซล',
  'media.not.found': 'ไม่พบรูปภาพนี้',
};

export const en = {
  'media.file.missing': 'Choose an image file ({field}): nothing was sent, or the file is empty',
  'media.file.too.large': 'The image ({field}) must be at most {maxMegabytes} MB',
  'media.type.unsupported':
    'The file ({field}) must be a PNG, JPEG, WebP or GIF image (told by its content, not by its name or extension)',
  'media.svg.refused':
    'SVG files ({field}) are not accepted because they can carry script: convert it to PNG or WebP first',
  'media.file.corrupt': 'The image ({field}) is damaged or cut short: save it again and upload it once more',
  'media.image.too.many.pixels':
    'The image ({field}) is too big: at most {maxSide} pixels on a side and {maxPixels} pixels in all',
  'media.not.found': 'No such image',
};
