/// Names resolved by their bytes: an ordinary name index (`[String: Int]`), keyed by
/// the UTF-8 bytes of each name so that an entry's name is found without making a string.
struct NameTable {
    private var interner = ByteInterner()
    private var values: [Int] = []

    init(_ index: [String: Int]) {
        values.reserveCapacity(index.count)
        for (name, value) in index {
            let (id, inserted) = interner.insert(name)
            if inserted { values.append(value) } else { values[id] = value }
        }
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? { interner.find(bytes).map { values[$0] } }
}
