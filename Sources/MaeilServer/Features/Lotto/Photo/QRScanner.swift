import SystemLibraries

/// ZBar's image scanner, set to look for QR codes only (a ticket also carries a barcode,
/// and every other symbology only costs time and false reads).
///
/// Checked against ZBar 0.23.92 (Debian 12, libzbar-dev 0.23.92-7+deb12u1), zbar.h:
///
///     zbar_image_scanner_t *zbar_image_scanner_create(void);
///     void zbar_image_scanner_destroy(zbar_image_scanner_t *);
///     int zbar_image_scanner_set_config(zbar_image_scanner_t *, zbar_symbol_type_t,
///                                       zbar_config_t, int value);  // both enums: int
///     zbar_image_t *zbar_image_create(void);
///     void zbar_image_destroy(zbar_image_t *);
///     void zbar_image_set_format(zbar_image_t *, unsigned long fourcc);
///     void zbar_image_set_size(zbar_image_t *, unsigned width, unsigned height);
///     void zbar_image_set_data(zbar_image_t *, const void *data,
///         unsigned long data_byte_length, zbar_image_cleanup_handler_t *);
///     int zbar_scan_image(zbar_image_scanner_t *, zbar_image_t *);  // symbols, 0, or -1
///     const zbar_symbol_t *zbar_image_first_symbol(const zbar_image_t *);
///     const zbar_symbol_t *zbar_symbol_next(const zbar_symbol_t *);
///     zbar_symbol_type_t zbar_symbol_get_type(const zbar_symbol_t *);
///     const char *zbar_symbol_get_data(const zbar_symbol_t *);
///     unsigned int zbar_symbol_get_data_length(const zbar_symbol_t *);
///     ZBAR_NONE = 0 (with set_config: every symbology), ZBAR_QRCODE = 64,
///     ZBAR_CFG_ENABLE = 0
struct QRScanner: Sendable {
    typealias Create = @convention(c) () -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer) -> Void
    typealias SetConfig = @convention(c) (OpaquePointer, Int32, Int32, Int32) -> Int32
    typealias SetFormat = @convention(c) (OpaquePointer, UInt) -> Void
    typealias SetSize = @convention(c) (OpaquePointer, UInt32, UInt32) -> Void
    typealias Cleanup = @convention(c) (OpaquePointer?) -> Void
    typealias SetData = @convention(c) (OpaquePointer, UnsafeRawPointer?, UInt, Cleanup?) -> Void
    typealias Scan = @convention(c) (OpaquePointer, OpaquePointer) -> Int32
    typealias FirstSymbol = @convention(c) (OpaquePointer) -> OpaquePointer?
    typealias NextSymbol = @convention(c) (OpaquePointer) -> OpaquePointer?
    typealias SymbolType = @convention(c) (OpaquePointer) -> Int32
    typealias SymbolData = @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
    typealias SymbolDataLength = @convention(c) (OpaquePointer) -> UInt32

    private static let everySymbology: Int32 = 0
    private static let qrCode: Int32 = 64
    private static let configEnable: Int32 = 0
    /// 'Y800': one byte of grey per pixel, ZBar's own format (no conversion).
    private static let fourccGrey: UInt =
        UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16
        | UInt(UInt8(ascii: "0")) << 24

    let name: LibraryName
    private let scannerCreate: Create
    private let scannerDestroy: Destroy
    private let setConfig: SetConfig
    private let imageCreate: Create
    private let imageDestroy: Destroy
    private let setFormat: SetFormat
    private let setSize: SetSize
    private let setData: SetData
    private let scan: Scan
    private let firstSymbol: FirstSymbol
    private let nextSymbol: NextSymbol
    private let symbolType: SymbolType
    private let symbolData: SymbolData
    private let symbolDataLength: SymbolDataLength

    init?(_ library: SystemLibrary) {
        guard
            let scannerCreate = library.function("zbar_image_scanner_create", as: Create.self),
            let scannerDestroy = library.function("zbar_image_scanner_destroy", as: Destroy.self),
            let setConfig = library.function("zbar_image_scanner_set_config", as: SetConfig.self),
            let imageCreate = library.function("zbar_image_create", as: Create.self),
            let imageDestroy = library.function("zbar_image_destroy", as: Destroy.self),
            let setFormat = library.function("zbar_image_set_format", as: SetFormat.self),
            let setSize = library.function("zbar_image_set_size", as: SetSize.self),
            let setData = library.function("zbar_image_set_data", as: SetData.self),
            let scan = library.function("zbar_scan_image", as: Scan.self),
            let firstSymbol = library.function("zbar_image_first_symbol", as: FirstSymbol.self),
            let nextSymbol = library.function("zbar_symbol_next", as: NextSymbol.self),
            let symbolType = library.function("zbar_symbol_get_type", as: SymbolType.self),
            let symbolData = library.function("zbar_symbol_get_data", as: SymbolData.self),
            let symbolDataLength = library.function(
                "zbar_symbol_get_data_length", as: SymbolDataLength.self)
        else { return nil }
        self.name = library.name
        self.scannerCreate = scannerCreate
        self.scannerDestroy = scannerDestroy
        self.setConfig = setConfig
        self.imageCreate = imageCreate
        self.imageDestroy = imageDestroy
        self.setFormat = setFormat
        self.setSize = setSize
        self.setData = setData
        self.scan = scan
        self.firstSymbol = firstSymbol
        self.nextSymbol = nextSymbol
        self.symbolType = symbolType
        self.symbolData = symbolData
        self.symbolDataLength = symbolDataLength
    }

    /// The text of every QR code ZBar finds in `image`, in the order it reports them. A
    /// ZBar scanner is not for two threads at once, so each call makes its own.
    func texts(in image: GreyImage) -> [String] {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height,
            let scanner = scannerCreate()
        else { return [] }
        defer { scannerDestroy(scanner) }
        _ = setConfig(scanner, Self.everySymbology, Self.configEnable, 0)
        _ = setConfig(scanner, Self.qrCode, Self.configEnable, 1)

        guard let zbarImage = imageCreate() else { return [] }
        // Destroyed before the scanner (defers run last first); it owns the results.
        defer { imageDestroy(zbarImage) }
        setFormat(zbarImage, Self.fourccGrey)
        setSize(zbarImage, UInt32(image.width), UInt32(image.height))

        return image.pixels.withUnsafeBytes { pixels -> [String] in
            // No cleanup handler: the array owns the pixels, and ZBar lets go of them
            // below, before the closure ends.
            setData(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { setData(zbarImage, nil, 0, nil) }
            guard scan(scanner, zbarImage) > 0 else { return [] }

            var texts: [String] = []
            var symbol = firstSymbol(zbarImage)
            while let current = symbol {
                if symbolType(current) == Self.qrCode, let data = symbolData(current) {
                    let bytes = UnsafeRawBufferPointer(
                        start: data, count: Int(symbolDataLength(current)))
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
                symbol = nextSymbol(current)
            }
            return texts
        }
    }
}
